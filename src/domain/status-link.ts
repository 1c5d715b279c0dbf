/**
 * The founder's status page (decision 084): its path, and the data download's shape, shared by the server and the
 * tests. A link is `${STATUS_PATH}/<token>`; the memo, the download and the two-step deletion hang below it.
 */
export const STATUS_PATH = '/status';

export const statusSubpaths = {
  memo: 'memo',
  data: 'data',
  /** POST: the confirmation page (nothing erased yet). */
  confirmDelete: 'delete-confirm',
  /** POST: the erasure. */
  delete: 'delete',
  /** POST: no more KakaoTalk updates (issue 49). */
  stopKakao: 'kakao-stop',
} as const;

/** The no-JavaScript receipt page's query parameter with the status token (`/idea-received/<id>?link=<token>`). */
export const RECEIPT_LINK_PARAM = 'link';

/**
 * The status page's own script (the answer form's voice memo recorder), as the build records it beside the built
 * site (`dist/<file>`, never served): `{ "entry": "/assets/….js", "preload": ["/assets/….js", …] }`. Without it
 * (no build, a test) the page has no script of its own and the plain file input stays.
 */
export const STATUS_PAGE_CODE_FILE = 'status-page-code.json';
