import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_FOR_PAINT_MS, useAfterPagePaint } from './use-after-page-paint.ts';

function Part() {
  return <p>{useAfterPagePaint() ? 'shown' : 'waiting'}</p>;
}

/**
 * The browser's reports of largest contentful paints, which jsdom does not make: an observer
 * that takes the entries a test hands it, as Chromium's does (the buffered ones first).
 */
function reportPaints() {
  const observers = new Set<(entries: { startTime: number }[]) => void>();
  const buffered: { startTime: number }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    constructor(private callback: (list: unknown, self: FakeObserver) => void) {}
    private deliver = (entries: { startTime: number }[]) =>
      this.callback({ getEntries: () => entries }, this);
    observe({ buffered: isBuffered }: { buffered?: boolean }) {
      observers.add(this.deliver);
      if (isBuffered && buffered.length) this.deliver([...buffered]);
    }
    disconnect() {
      observers.delete(this.deliver);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint(startTime: number) {
      buffered.push({ startTime });
      for (const deliver of [...observers]) deliver([{ startTime }]);
    },
    observerCount: () => observers.size,
  };
}

/** What the browser's performance timeline holds besides: the document's load, a first input. */
function timeline({ loadedAt, firstInput }: { loadedAt?: string; firstInput?: boolean }) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) => {
    if (type === 'navigation' && loadedAt) return [{ name: loadedAt }] as PerformanceEntryList;
    if (type === 'first-input' && firstInput)
      return [{ name: 'pointerdown' }] as PerformanceEntryList;
    return [];
  });
}

const FAKED = ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame'] as const;

describe('useAfterPagePaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('on the page the document was loaded for, waits for the paint reported after its commit, not an earlier one', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    const browser = reportPaints();
    timeline({ loadedAt: window.location.href });
    browser.paint(performance.now()); // what the page showed before (the session check)
    vi.advanceTimersByTime(50);
    render(<Part />);
    expect(screen.getByText('waiting')).toBeInTheDocument();

    await act(async () => void vi.advanceTimersByTime(100));
    expect(screen.getByText('waiting')).toBeInTheDocument();

    await act(async () => {
      browser.paint(performance.now());
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(browser.observerCount()).toBe(0);
  });

  it('shows the part after MAX_WAIT_FOR_PAINT_MS when no paint is reported', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    const browser = reportPaints();
    render(<Part />);
    await act(async () => void vi.advanceTimersByTime(MAX_WAIT_FOR_PAINT_MS - 1));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(browser.observerCount()).toBe(0);
  });

  it('shows the part after MAX_WAIT_FOR_PAINT_MS in a browser that reports no paints', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    vi.stubGlobal('PerformanceObserver', undefined);
    render(<Part />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(MAX_WAIT_FOR_PAINT_MS));
    expect(screen.getByText('shown')).toBeInTheDocument();
  });

  it('waits only for the next frame on a page reached within the app (no paint is reported after a tap)', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    const browser = reportPaints();
    timeline({ loadedAt: 'http://localhost/sign-in' });
    render(<Part />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(browser.observerCount()).toBe(0);
    await act(async () => void vi.advanceTimersByTime(20)); // a frame, then the task after it
    expect(screen.getByText('shown')).toBeInTheDocument();
  });

  it('waits only for the next frame once the member has tapped or typed on the page', async () => {
    vi.useFakeTimers({ toFake: [...FAKED] });
    const browser = reportPaints();
    timeline({ loadedAt: window.location.href, firstInput: true });
    render(<Part />);
    expect(browser.observerCount()).toBe(0);
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('shown')).toBeInTheDocument();
  });
});
