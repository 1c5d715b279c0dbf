import { useEffect } from 'react';
import { liveCopy } from '../../content/workspace';
import { workspaceShellCopy as copy } from '../../content/workspace-shell';
import { useUnread } from './features/live/unread';

/** `(unread) 화면 이름 · 팀 작업 공간`, as the screen shows; the count of unread open leads while signed in. */
export function useDocumentTitle(screen: string) {
  const unread = useUnread().data?.count ?? 0;
  useEffect(() => {
    document.title = `${unread > 0 ? `${liveCopy.titleCount(unread)} ` : ''}${screen} · ${copy.title}`;
  }, [screen, unread]);
}
