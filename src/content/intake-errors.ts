/**
 * What the intake answers when it refuses a request, by error code: Korean the page shows as is (and the form post's
 * answer pages). The server's ApiError (src/server/http/api-error.ts) reads these; the codes are the contract's
 * (src/domain/idea.ts, ApiErrorCode).
 */
export const intakeErrorMessages = {
  invalid_json: '요청 형식이 올바르지 않습니다. 페이지를 새로고침한 뒤 다시 시도해주세요.',
  validation_failed: '입력한 내용을 다시 확인해주세요.',
  unsupported_media_type: '지원하지 않는 형식의 요청입니다. 신청서 페이지에서 다시 보내주세요.',
  payload_too_large: '보내신 내용이 너무 깁니다. 아이디어를 조금 줄여서 다시 보내주세요.',
  unsupported_audio:
    '음성 메모를 재생할 수 있는 오디오 파일로 알아보지 못했습니다. 다시 녹음하거나 아이디어를 글로 보내주세요.',
  memo_too_large: '음성 메모가 너무 큽니다. 3분 이내로 다시 녹음해주세요.',
  memo_incomplete: '음성 메모가 끝까지 전송되지 않았습니다. 연결을 확인한 뒤 다시 보내주세요.',
  unauthorized: '허용되지 않은 요청입니다. 페이지를 새로고침한 뒤 다시 시도해주세요.',
  forbidden_origin: '허용되지 않은 출처에서 보낸 요청입니다.',
  rate_limited: '짧은 시간에 신청이 너무 많이 들어왔습니다. 잠시 후 다시 시도해주세요.',
  idempotency_conflict: '같은 요청 번호로 다른 내용이 이미 접수되었습니다. 페이지를 새로고침한 뒤 다시 보내주세요.',
  not_found: '요청하신 주소를 찾을 수 없습니다.',
  internal_error: '일시적인 오류로 접수하지 못했습니다. 잠시 후 다시 시도해주세요.',
  unavailable: '지금은 접수할 수 없습니다. 잠시 후 다시 시도해주세요.',
};

/** A malformed Idempotency-Key header (only a script other than our page's sends one). */
export const idempotencyKeyInvalid =
  'Idempotency-Key 헤더 형식이 올바르지 않습니다. 페이지를 새로고침한 뒤 다시 시도해주세요.';
