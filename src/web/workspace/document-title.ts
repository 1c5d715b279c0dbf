import { useEffect } from 'react';
import { workspaceShellCopy as copy } from '../../content/workspace-shell';

/** `화면 이름 · 팀 작업 공간`, as the screen shows. */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    document.title = `${screen} · ${copy.title}`;
  }, [screen]);
}
