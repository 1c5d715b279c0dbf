/** Button looks shared by <button> and <a> (shadcn/ui style variants, without a class-merging runtime). */
const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800`,
  secondary: `${base} bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`,
  ghost: `${base} text-slate-700 hover:bg-slate-100`,
  /** KakaoTalk's own yellow and label colour, which Korean visitors know the channel by. */
  kakao: `${base} bg-[#FEE500] text-[#191919] hover:bg-[#F5DC00] active:bg-[#EBD300]`,
  sizeMd: 'h-11 px-5 text-[15px]',
  sizeLg: 'h-13 px-7 text-base',
  sizeSm: 'h-9 px-4 text-sm',
} as const;
