/** What the form's notice shows: kept as plain data so the notice component can load on first use. */
export interface NoticeState {
  /** Monotonic id: a repeated notice is announced again. */
  id: number;
  tone: 'success' | 'error';
  title: string;
  description: string;
  details?: readonly string[];
}
