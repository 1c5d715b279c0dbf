/**
 * The form's draft, kept only in the visitor's own browser until it is sent or cleared (decision 085): the typed
 * fields in localStorage (synchronous, survives a reload, a closed tab and a crash once written), a recorded voice
 * memo in IndexedDB (a Blob is too big and binary for localStorage). Loaded after hydration, off the first paint.
 * Every call swallows storage errors (private mode, a full disk, storage turned off): a draft is a convenience, the
 * form works without it.
 */
import type { IdeaValues } from './api';
import type { VoiceMemo } from '../voice-memo/voice-memo';

export const DRAFT_KEY = 'mvp24:idea-draft';
/** The IndexedDB database holding a recorded memo. */
export const DRAFT_DB_NAME = 'mvp24-idea-draft';
const STORE = 'memo';
const MEMO_KEY = 'memo';

const FIELDS = ['idea', 'name', 'email', 'phone'] as const satisfies readonly (keyof IdeaValues)[];

export function saveFields(values: IdeaValues): void {
  try {
    if (FIELDS.every((field) => values[field] === '')) localStorage.removeItem(DRAFT_KEY);
    else localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // storage unavailable: nothing kept
  }
}

export function loadFields(): Partial<IdeaValues> {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    const values: Partial<IdeaValues> = {};
    for (const field of FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values;
  } catch {
    return {};
  }
}

/** Fills each empty field of `form` from the draft (a value typed before the page code arrived wins). */
export function restoreFields(form: HTMLFormElement): boolean {
  const draft = loadFields();
  let restored = false;
  for (const field of FIELDS) {
    const element = form.elements.namedItem(field);
    const value = draft[field];
    if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && value && !element.value) {
      element.value = value;
      restored = true;
    }
  }
  return restored;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DRAFT_DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

export async function saveMemo(memo: VoiceMemo | null): Promise<void> {
  try {
    if (memo)
      await withStore('readwrite', (store) =>
        store.put({ blob: memo.blob, mimeType: memo.mimeType, durationMs: memo.durationMs }, MEMO_KEY),
      );
    else await withStore('readwrite', (store) => store.delete(MEMO_KEY));
  } catch {
    // storage unavailable: nothing kept
  }
}

export async function loadMemo(): Promise<VoiceMemo | null> {
  try {
    const stored = (await withStore('readonly', (store) => store.get(MEMO_KEY))) as Partial<VoiceMemo> | undefined;
    if (stored?.blob instanceof Blob && typeof stored.mimeType === 'string' && typeof stored.durationMs === 'number')
      return { blob: stored.blob, mimeType: stored.mimeType, durationMs: stored.durationMs };
  } catch {
    // nothing to restore
  }
  return null;
}

/** Forgets the whole draft (sent, or the visitor pressed 지우기). */
export async function clearDraft(): Promise<void> {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing kept
  }
  await saveMemo(null);
}
