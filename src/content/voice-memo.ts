/** Korean copy of the voice memo control under the idea field (합니다체, like the rest of the form). */

export const voiceMemoCopy = {
  start: '음성 메모 녹음',
  stop: '녹음 정지',
  rerecord: '다시 녹음',
  remove: '삭제',
  retry: '다시 시도',
  requesting: '마이크 사용 허용을 기다리고 있습니다.',
  recording: '녹음 중입니다.',
  /** The status once a memo is recorded, with its length as m:ss. */
  recorded: (clock: string) => `녹음 완료 (${clock})`,
  limitReached: '3분이 되어 녹음을 멈췄습니다.',
  removed: '음성 메모를 삭제했습니다.',
  timerLabel: '녹음 시간',
  unsupportedBrowser: '이 브라우저에서는 음성 메모를 녹음할 수 없습니다. 아이디어를 위 입력란에 글로 적어주세요.',
  errors: {
    denied:
      '마이크 사용이 허용되지 않았습니다. 브라우저 설정에서 마이크를 허용한 뒤 다시 시도해주세요. 아이디어는 글로 적어 보내셔도 됩니다.',
    'no-microphone':
      '마이크를 찾지 못했습니다. 마이크를 연결한 뒤 다시 시도해주세요. 아이디어는 글로 적어 보내셔도 됩니다.',
    unsupported: '이 브라우저에서는 음성 메모를 녹음할 수 없습니다. 아이디어를 글로 적어주세요.',
    failed: '녹음 중 문제가 발생했습니다. 다시 시도해주세요. 아이디어는 글로 적어 보내셔도 됩니다.',
  },
} as const;
