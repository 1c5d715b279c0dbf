import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy chunks (zod, the dialog) load on first use; give them time on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The idea form keeps a draft in this browser (decision 085): one test's typing must not come back in the next
  // test's form (it is restored after hydration, so a leftover draft made the form tests fail on a busy machine).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
