import { cloneElement, Fragment, useSyncExternalStore, type ReactElement } from 'react';
import { setupI18n, type Messages } from '@lingui/core';
import { directionOf, type Language } from '@jamiya/contracts/languages';

// The app's texts, through Lingui (docs/decisions/029-lingui-with-keyed-texts.md): ICU messages
// compiled by the build (scripts/texts-plugin.ts), named `<namespace>.<key>`, each namespace
// loaded when a page needs it. This module keeps the calls short where the texts are used:
// `const { t } = useTranslation('dues'); t('title')`.

export type TOptions = Record<string, unknown> & {
  /** The number an ICU plural chooses its form by. */
  count?: number;
  defaultValue?: string;
  /** Another namespace than the hook's. */
  ns?: string;
};
export type TFunction = (key: string, options?: TOptions) => string;
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

// One t per namespace and language, so that it can stand in a hook's dependencies.
const tOf = new Map<string, TFunction>();
lingui.on('change', () => {
  version++;
  tOf.clear();
});

function translate(hookNs: string, key: string, options?: TOptions): string {
  const id = `${options?.ns ?? hookNs}.${key}`;
  if (lingui.messages[id] === undefined) return options?.defaultValue ?? key;
  return lingui._(id, { charge: loanCharge, ...options });
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
  t(key: string, options?: TOptions): string {
    return translate('common', key, options);
  },
  exists(key: string, options: { ns: string }): boolean {
    return lingui.messages[`${options.ns}.${key}`] !== undefined;
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

/** The texts of a namespace (`common` by default); re-renders when the language changes. */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  let t = tOf.get(ns);
  if (!t) tOf.set(ns, (t = (key, options) => translate(ns, key, options)));
  return { t, i18n };
}

/**
 * A text with markup: `<amount>{amount}</amount>` in the text becomes the `amount`
 * element of `components` around what the tag holds (named tags, not nested).
 */
export function Trans(props: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const parts = props.t(props.i18nKey, props.values).split(/<(\w+)>(.*?)<\/\1>/s);
  // split with two groups: text, tag, inner, text, tag, inner, ..., text
  return parts.map((part, index) => {
    if (index % 3 === 0) return part ? <Fragment key={index}>{part}</Fragment> : null;
    if (index % 3 === 2) return null;
    const element = props.components[part];
    const inner = parts[index + 1];
    return element ? cloneElement(element, { key: index }, inner) : inner;
  });
}
