declare module 'virtual:pretendard-site.css';
declare module 'virtual:pretendard-rest.css';
