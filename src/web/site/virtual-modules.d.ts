declare module 'virtual:pretendard-site-font' {
  /** The site's Pretendard subset (build/pretendard-subsets.ts): its family, hashed URL and weight range. */
  export const siteFont: { family: string; url: string; weight: string };
}
declare module 'virtual:pretendard-rest.css';
