import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
const panelId = (idBase: string) => `${idBase}-panel`;

/**
 * Tabs after the WAI-ARIA pattern: one tab stop, arrow keys (mirrored right to left), Home
 * and End move and select. The caller renders the one panel with `tabPanelProps`.
 */
export function Tabs<K extends string>({
  label,
  idBase,
  items,
  selected,
  onSelect,
}: {
  label: string;
  idBase: string;
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.key === selected);
    const isRtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (e.key === forward) next = (index + 1) % items.length;
    else if (e.key === backward) next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    const key = items[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {items.map((item) => {
        const isSelected = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={tabId(idBase, item.key)}
            aria-selected={isSelected}
            aria-controls={panelId(idBase)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(item.key)}
            className={`-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-4 font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 ${isSelected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function tabPanelProps(idBase: string, selected: string) {
  return {
    id: panelId(idBase),
    role: 'tabpanel' as const,
    'aria-labelledby': tabId(idBase, selected),
  };
}
