import { cloneElement, Fragment, useSyncExternalStore, type ReactElement } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { directionOf, type Language } from '@jamiya/contracts/languages';

// The app's texts, through Lingui (docs/decisions/046-texts-through-lingui-extract.md): ICU
// messages compiled by the build (scripts/texts-plugin.ts), each id written whole where it is
// read, `<namespace>.<key>`, so that Lingui's extract finds it: `const i18n = useTexts();
// i18n._('dues.title')`. A namespace is a feature's catalog, loaded when a page needs it.

/** The values a text reads; `count` is the number an ICU plural chooses its form by. */
export type TextValues = Record<string, unknown>;
/** Loads the texts of a namespace in a language (app/texts.ts). */
type Loader = (lng: Language, ns: string) => Promise<Messages>;

const lingui = setupI18n();
/** Namespaces asked for, in every language they are loaded in. */
const namespaces = new Set<string>();
const loading = new Map<string, Promise<void>>();
let version = 0;
/** The language being shown, or being loaded to be shown. */
let target: Language = 'en';
let loader: Loader = () => Promise.resolve({});
const LOAN_CHARGE_KEY = 'loanCharge';

function keptLoanCharge(): string {
  try {
    return localStorage.getItem(LOAN_CHARGE_KEY) ?? 'interest';
  } catch {
    return 'interest'; // no storage: drawn ahead of time, or refused
  }
}

/**
 * What the association calls the loans' charge (`interest` or `service_charge`), given to every
 * text as `charge`: the texts that name it choose with an ICU select.
 */
let loanCharge = keptLoanCharge();

lingui.on('change', () => {
  version++;
});

/** A text by its id, with its values; the id itself while its namespace has not loaded. */
function translate(id: string, values?: TextValues): string {
  if (lingui.messages[id] === undefined) return id;
  return lingui._(id, { charge: loanCharge, ...values });
}

function load(lng: Language, ns: string): Promise<void> {
  const id = `${lng}/${ns}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = loader(lng, ns).then((messages) => lingui.load(lng, messages));
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

const current = () => (lingui.locale || 'en') as Language;

export const i18n = {
  get language(): Language {
    return current();
  },
  /** Texts that come with the code, and how to load the rest (app/i18n.ts). */
  init(options: { resources: Record<string, Messages>; load: Loader }) {
    loader = options.load;
    for (const [ns, messages] of Object.entries(options.resources)) {
      namespaces.add(ns);
      loading.set(`en/${ns}`, Promise.resolve());
      lingui.load('en', messages);
    }
    lingui.activate('en');
  },
  /**
   * Loads the namespaces in use in `lng`, then shows the app in it. A namespace asked for
   * meanwhile is loaded in `lng` too.
   */
  async changeLanguage(lng: Language): Promise<void> {
    target = lng;
    await Promise.all([...namespaces].map((ns) => load(lng, ns)));
    if (target !== lng) return; // another choice came meanwhile
    // Latin digits in every language, as on the receipts and in the amounts (docs/languages.md).
    lingui.activate(lng, [`${lng}-u-nu-latn`]);
    // Absent when the build renders the pages ahead of time (scripts/prerender.mjs).
    if (typeof document !== 'undefined') {
      document.documentElement.lang = lng;
      document.documentElement.dir = directionOf(lng);
    }
  },
  dir(): 'rtl' | 'ltr' {
    return directionOf(current());
  },
  /** A text by its id (`dues.title`), with its values. In a component, read it from useTexts(). */
  _: translate,
  /** Whether a text is known: an id made at run time (a server's sentence, an account's code). */
  exists(id: string): boolean {
    return lingui.messages[id] !== undefined;
  },
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    for (const one of list) namespaces.add(one);
    return Promise.all(list.map((one) => load(target, one))).then(() => {});
  },
};

/** What the association calls the loans' charge, for every text; kept on the phone. */
export function setLoanCharge(charge: string) {
  try {
    localStorage.setItem(LOAN_CHARGE_KEY, charge);
  } catch {
    // Storage refused: the texts still follow for this visit.
  }
  if (charge === loanCharge) return;
  loanCharge = charge;
  // The texts shown are drawn again, as for a change of language.
  lingui.emit('change');
}

function subscribe(listener: () => void) {
  return lingui.on('change', listener);
}

const getVersion = () => version;

/** The texts, as a component reads them; a new object when the language or the charge changes. */
export type Texts = typeof i18n;
// A new object per version, so that it can stand in a hook's dependencies.
let view: { version: number; texts: Texts } = { version: -1, texts: i18n };

/**
 * The texts, `i18n._('<namespace>.<key>', values)`; the component is drawn again when the
 * language changes. Named `i18n` where it is used, so that Lingui's extract finds the ids.
 */
export function useTexts(): Texts {
  const seen = useSyncExternalStore(subscribe, getVersion, getVersion);
  if (view.version !== seen) view = { version: seen, texts: Object.create(i18n) as Texts };
  return view.texts;
}

/**
 * A text with markup: `<amount>{amount}</amount>` in the text becomes the `amount`
 * element of `components` around what the tag holds (named tags, not nested).
 */
export function Trans(props: { text: string; components: Record<string, ReactElement> }) {
  const parts = props.text.split(/<(\w+)>(.*?)<\/\1>/s);
  // split with two groups: text, tag, inner, text, tag, inner, ..., text
  return parts.map((part, index) => {
    if (index % 3 === 0) return part ? <Fragment key={index}>{part}</Fragment> : null;
    if (index % 3 === 2) return null;
    const element = props.components[part];
    const inner = parts[index + 1];
    return element ? cloneElement(element, { key: index }, inner) : inner;
  });
}
