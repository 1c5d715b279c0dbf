/** Copy of the 404 page. */
export const notFound = {
  code: '404',
  title: 'Oops! Page not found',
  korean: '요청하신 페이지를 찾을 수 없습니다.',
  hint: '주소가 잘못되었거나 삭제된 페이지일 수 있습니다.',
  backHome: '홈으로 돌아가기',
} as const;
