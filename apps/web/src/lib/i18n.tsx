import { cloneElement, Fragment, useSyncExternalStore, type ReactElement } from 'react';
import rosetta from 'rosetta';

// The app's texts: rosetta (300 bytes) looks keys up and fills in {{values}}; this module adds
// namespaces loaded on demand, plurals by the language's own rules (key_one, key_other, as
// i18next's JSON has them) and a React hook. It replaced i18next, whose 17.6 KB were a sixth
// of the visitor's first load (docs/decisions/009-web-bundle-budget.md).

type Table = Record<string, unknown>;
export type TOptions = Record<string, unknown> & {
  count?: number;
  defaultValue?: string;
  /** Another namespace than the hook's. */
  ns?: string;
};
export type TFunction = (key: string, options?: TOptions) => string;
/** Loads the texts of a namespace in a language; undefined when it has no file. */
type Loader = (lng: string, ns: string) => Promise<Table> | undefined;

export const RTL_LANGUAGES = new Set(['ar', 'ur']);

const texts = rosetta<Table>();
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let language = 'en';
let version = 0;
let loader: Loader = () => undefined;

// One t per namespace and language, so that it can stand in a hook's dependencies.
const tOf = new Map<string, TFunction>();

function changed() {
  version++;
  tOf.clear();
  for (const listener of listeners) listener();
}

/** The text at `path` (namespace first) in the current language, or undefined. */
function find(path: string[], options: TOptions | undefined): string | undefined {
  const text = texts.t(path, options, language) as unknown;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

function translate(hookNs: string, key: string, options?: TOptions): string {
  const ns = options?.ns ?? hookNs;
  // Gettext-style keys (whole English sentences) are looked up whole; others by their dots.
  const path = options?.keySeparator === false ? [ns, key] : [ns, ...key.split('.')];
  // A branch of the texts rather than one text (the caller casts it).
  if (options?.returnObjects) return (texts.t(path, undefined, language) || key) as string;
  const last = path.length - 1;
  if (typeof options?.count === 'number') {
    const form = new Intl.PluralRules(language).select(options.count);
    for (const suffix of [form, 'other']) {
      const text = find([...path.slice(0, last), `${path[last]}_${suffix}`], options);
      if (text !== undefined) return text;
    }
  }
  return find(path, options) ?? options?.defaultValue ?? key;
}

function loadNamespace(ns: string): Promise<void> {
  const id = `${language}/${ns}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    const lng = language;
    pending = (loader(lng, ns) ?? Promise.resolve({})).then((table) => {
      texts.set(lng, { [ns]: table });
      loaded.add(id);
      loading.delete(id);
      changed();
    });
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

export const i18n = {
  get language() {
    return language;
  },
  /** Texts that come with the code, and how to load the rest (app/i18n.ts). */
  init(options: { lng: string; resources: Record<string, Record<string, Table>>; load: Loader }) {
    loader = options.load;
    for (const [lng, namespaces] of Object.entries(options.resources)) {
      for (const [ns, table] of Object.entries(namespaces)) {
        texts.set(lng, { [ns]: table });
        loaded.add(`${lng}/${ns}`);
      }
    }
    i18n.changeLanguage(options.lng);
  },
  changeLanguage(lng: string) {
    language = lng;
    texts.locale(lng);
    // Absent when the build renders the public pages ahead of time (scripts/prerender.mjs).
    if (typeof document !== 'undefined') {
      document.documentElement.lang = lng;
      document.documentElement.dir = i18n.dir();
    }
    changed();
  },
  dir(): 'rtl' | 'ltr' {
    return RTL_LANGUAGES.has(language.split('-')[0]!) ? 'rtl' : 'ltr';
  },
  t(key: string, options?: TOptions): string {
    return translate('common', key, options);
  },
  exists(key: string, options: { ns: string }): boolean {
    return find([options.ns, ...key.split('.')], undefined) !== undefined;
  },
  loadNamespaces(ns: string | readonly string[]): Promise<void> {
    return Promise.all((typeof ns === 'string' ? [ns] : ns).map(loadNamespace)).then(() => {});
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
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
 * A text with markup: `<amount>{{amount}}</amount>` in the text becomes the `amount`
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
