/** What the form's notice shows: kept as plain data so the notice component can load on first use. */
export interface NoticeState {
  /** Monotonic id: a repeated notice is announced again. */
  id: number;
  tone: 'success' | 'error';
  title: string;
  description: string;
  details?: readonly string[];
  /** The founder's status page after a sent idea (decision 084), with the line that explains it. */
  link?: { href: string; label: string; hint: string };
}
