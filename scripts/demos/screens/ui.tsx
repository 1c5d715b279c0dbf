/** Building blocks shared by the four mock products (rendered to static markup by the generator only). */
import type { CSSProperties, ReactNode } from 'react';

const ICONS = {
  plus: 'M12 5v14M5 12h14',
  plusCircle: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M12 8v8M8 12h8',
  chart: 'M3 3v18h18M7 15l4-4 3 3 6-7',
  users:
    'M9 3a4 4 0 1 0 0 8a4 4 0 1 0 0-8M2 21v-1.5A4.5 4.5 0 0 1 6.5 15h5a4.5 4.5 0 0 1 4.5 4.5V21M16 3.3a4 4 0 0 1 0 7.4M22 21v-1.5a4.5 4.5 0 0 0-3-4.2',
  pie: 'M21.2 15.9A10 10 0 1 1 8 2.8M22 12A10 10 0 0 0 12 2v10z',
  search: 'M11 3a8 8 0 1 0 0 16a8 8 0 1 0 0-16M21 21l-4.3-4.3',
  columns: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM12 3v18',
  calendar: 'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18',
  calculator:
    'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM8 6h8M8 11h.01M12 11h.01M16 11h.01M8 15h.01M12 15h.01M16 15h.01M8 19h.01M12 19h4',
  sliders: 'M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6',
  clock: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M12 6v6l4 2',
  download: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3',
  map: 'M1 6v16l7-4 8 4 7-4V2l-7 4-8-4-7 4zM8 2v16M16 6v16',
  home: 'M3 10l9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  message: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  check: 'M20 6L9 17l-5-5',
  heart:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21.2l7.8-7.7 1-1.1a5.5 5.5 0 0 0 0-7.8z',
  pin: 'M21 10c0 7-9 13-9 13s-9-6-9-13a9 9 0 0 1 18 0zM12 7a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  bell: 'M18 8A6 6 0 0 0 6 8c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0',
  lock: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
  filter: 'M22 3H2l8 9.5V19l4 2v-8.5z',
  refresh: 'M21 12a9 9 0 1 1-2.6-6.4L21 8M21 3v5h-5',
  file: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
  trophy: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3',
  play: 'M6 4l14 8-14 8z',
  sparkle: 'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z',
  trend: 'M23 6l-9.5 9.5-5-5L1 18M17 6h6v6',
  globe: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20M2 12h20M12 2a15 15 0 0 1 0 20a15 15 0 0 1 0-20',
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({
  name,
  size = 18,
  stroke = 2,
  style,
}: {
  name: IconName;
  size?: number;
  stroke?: number;
  style?: CSSProperties;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={style}
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export interface NavEntry {
  label: string;
  icon: IconName;
}

export interface AppFrameProps {
  brand: { name: string; mark: ReactNode };
  url: string;
  nav: readonly NavEntry[];
  active: number;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  user: { name: string; sub: string; color: string };
  /** 0..1: the page content fades and rises in when a new screen opens. */
  enter?: number;
  children: ReactNode;
  overlay?: ReactNode;
}

export function AppFrame(props: AppFrameProps) {
  const enter = props.enter ?? 1;
  const step = `${props.active + 1} / ${props.nav.length}`;
  return (
    <div className="window">
      <div className="browserbar">
        <div className="dots">
          <span />
          <span />
          <span />
        </div>
        <div className="urlbar">
          <Icon name="lock" size={12} stroke={2.4} />
          {props.url}
        </div>
        <div className="browserbar-spacer" />
      </div>
      <div className="app">
        <aside className="sidebar">
          <div className="brand">
            <span className="brand-mark">{props.brand.mark}</span>
            {props.brand.name}
          </div>
          <div className="nav-label">메뉴</div>
          {props.nav.map((entry, i) => (
            <div
              key={entry.label}
              className={`nav-item${i === props.active ? ' is-active' : ''}`}
              data-cursor={`nav-${i}`}
            >
              <Icon name={entry.icon} />
              {entry.label}
            </div>
          ))}
          <div className="sidebar-foot">
            <Avatar name={props.user.name} color={props.user.color} size={32} />
            <div>
              <div className="who">{props.user.name}</div>
              <div className="sub">{props.user.sub}</div>
            </div>
          </div>
        </aside>
        <main className="main">
          <header className="topbar">
            <div>
              <div className="page-title">
                {props.title}
                <span className="step-chip">{step}</span>
              </div>
              <div className="page-sub">{props.subtitle}</div>
            </div>
            <div className="actions">{props.actions}</div>
          </header>
          <div className="content">
            <div
              className="content-inner"
              style={{ opacity: enter, transform: `translateY(${((1 - enter) * 10).toFixed(1)}px)` }}
            >
              {props.children}
            </div>
            {props.overlay}
          </div>
        </main>
      </div>
    </div>
  );
}

export function Avatar({ name, color, size = 32 }: { name: string; color: string; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, background: color, fontSize: Math.round(size * 0.42) }}
    >
      {name.slice(0, 1)}
    </span>
  );
}

export function Toast({ children, show = 1 }: { children: ReactNode; show?: number }) {
  if (show <= 0) return null;
  return (
    <div className="toast" style={{ opacity: show, transform: `translate(-50%, ${((1 - show) * 14).toFixed(1)}px)` }}>
      <span className="toast-icon">
        <Icon name="check" size={14} stroke={3} />
      </span>
      {children}
    </div>
  );
}

export function Progress({ value, color }: { value: number; color?: string }) {
  return (
    <div className="progress">
      <span
        style={{ width: `${Math.max(0, Math.min(100, value)).toFixed(1)}%`, ...(color ? { background: color } : {}) }}
      />
    </div>
  );
}

/** Text typed so far: the first `p` share of the characters, with a caret while typing. */
export function Typed({ text, p, caret = true }: { text: string; p: number; caret?: boolean }) {
  const chars = Array.from(text);
  const shown = chars.slice(0, Math.round(chars.length * Math.min(1, Math.max(0, p)))).join('');
  return (
    <>
      {shown}
      {caret && p < 1 ? <span className="caret" /> : null}
    </>
  );
}

/** A number counting up to `to` as `p` goes 0..1, formatted the Korean way (thousands separators). */
export function countUp(to: number, p: number, decimals = 0): string {
  const value = to * Math.min(1, Math.max(0, p));
  return value.toLocaleString('ko-KR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export const classes = (...names: (string | false | undefined)[]): string => names.filter(Boolean).join(' ');
