import { liveCopy } from '../../../../content/workspace';

/** A lead with something this member has not seen: a dot, and its words for screen readers. */
export function UnreadMarker() {
  return (
    <span data-testid="unread-marker" className="inline-flex items-center self-center">
      <span aria-hidden="true" className="size-2.5 rounded-full bg-red-700" />
      <span className="sr-only">{liveCopy.unread}</span>
    </span>
  );
}
