/**
 * A page's heading that takes the focus when it appears (issue 34: after opening a lead, focus was left on the
 * body, so a screen reader started nowhere and Tab from the top). Focusable by script only (tabIndex -1), without
 * a focus ring of its own.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({ children, className = '' }: { children: ReactNode; className?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </h1>
  );
}
