import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '../app/i18n.ts';
import { setLoanCharge } from '../lib/i18n.tsx';
import { queryClient } from '../app/query-provider.tsx';

// The app fetches most namespaces of texts when a page needs them; a test renders its page
// on its own, so they are all loaded up front (the header's and landing page's are already).
const namespaces = Object.keys(import.meta.glob('../features/*/locales/en.json')).map(
  (file) => /features\/([^/]+)\/locales/.exec(file)![1]!,
);
await i18n.loadNamespaces(namespaces.filter((ns) => ns !== 'layout' && ns !== 'landing'));

// A loaded machine can take more than the default 1 s to render a page.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no object URLs.
if (!URL.createObjectURL) {
  let n = 0;
  URL.createObjectURL = () => `blob:jsdom/${++n}`;
  URL.revokeObjectURL = () => undefined;
}

// jsdom has <dialog> but not its modal methods.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// A console.error or console.warn during a test fails it (React warnings included).
let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void calls.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void calls.push(args));
});

afterEach(async () => {
  // Real timers first: the waits below need them, whatever the test faked.
  vi.useRealTimers();
  // A toast comes once its library has loaded: one raised at a test's end would wait in
  // react-toastify's queue for the next test's container.
  // (The first load waits a task for its containers to render, then imports the library.)
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve));
  await vi.dynamicImportSettled();
  cleanup();
  toast.dismiss();
  // The app's own client outlives a file: the files of a worker share their modules.
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setLoanCharge('interest');
  localStorage.clear();
  sessionStorage.clear();
  if (calls.length)
    throw new Error(
      `Unexpected console output:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
});
