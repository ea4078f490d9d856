import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CursorGlow, GLOW_LAYERS } from './cursor-glow';

/** Animation frames run only when the test says so. */
let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;
let reducedMotion: { matches: boolean; listeners: Set<() => void> };

function runFrame() {
  const due = [...frames.values()];
  frames.clear();
  act(() => due.forEach((cb) => cb(performance.now())));
}

/** Runs frames until none is asked for; returns how many ran. */
function runUntilIdle(limit = 1000): number {
  let n = 0;
  while (frames.size > 0 && n < limit) {
    runFrame();
    n += 1;
  }
  return n;
}

function move(x: number, y: number) {
  act(() => {
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: x, clientY: y }));
  });
}

const layers = () => screen.getByTestId('cursor-glow').querySelectorAll<HTMLElement>('[data-glow-size]');
const centredOn = (x: number, y: number, size: number) => `translate3d(${x - size / 2}px, ${y - size / 2}px, 0)`;

beforeEach(() => {
  frames = new Map();
  nextFrame = 1;
  reducedMotion = { matches: false, listeners: new Set() };
  vi.stubGlobal(
    'requestAnimationFrame',
    vi.fn((cb: FrameRequestCallback) => {
      const id = nextFrame++;
      frames.set(id, cb);
      return id;
    }),
  );
  vi.stubGlobal(
    'cancelAnimationFrame',
    vi.fn((id: number) => frames.delete(id)),
  );
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const isReduced = query.includes('prefers-reduced-motion');
      return {
        get matches() {
          return isReduced ? reducedMotion.matches : true; // (pointer: fine): a mouse
        },
        media: query,
        addEventListener: (_: string, cb: () => void) => isReduced && reducedMotion.listeners.add(cb),
        removeEventListener: (_: string, cb: () => void) => isReduced && reducedMotion.listeners.delete(cb),
      };
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.dir = 'ltr';
});

describe('CursorGlow', () => {
  it('shows three layers of 600, 400 and 300 px, anchored physically at the top left', () => {
    render(<CursorGlow />);
    const els = [...layers()];
    expect(els.map((el) => Number(el.dataset.glowSize))).toEqual([600, 400, 300]);
    for (const el of els) {
      expect(el).toHaveClass('left-0', 'top-0');
      expect(el).not.toHaveClass('start-0');
      expect(el).not.toHaveClass('hidden');
    }
  });

  it('in Arabic (RTL) the layers settle centred on the pointer, measured from the left edge', () => {
    document.documentElement.dir = 'rtl';
    render(<CursorGlow />);
    move(100, 200);
    runUntilIdle();
    layers().forEach((el, i) => expect(el.style.transform).toBe(centredOn(100, 200, GLOW_LAYERS[i]!.size)));
    expect(layers()[0]).toHaveClass('left-0');
  });

  it('asks for no frame while the pointer is still, and stops once the layers have settled', () => {
    render(<CursorGlow />);
    // Mounted and placed, but idle: no frame loop.
    expect(requestAnimationFrame).not.toHaveBeenCalled();
    expect(frames.size).toBe(0);

    move(40, 60);
    expect(frames.size).toBe(1);
    move(50, 70); // a second move while a frame is pending does not stack another one
    expect(frames.size).toBe(1);

    const ran = runUntilIdle();
    expect(ran).toBeGreaterThan(1);
    expect(ran).toBeLessThan(1000); // it did stop by itself
    layers().forEach((el, i) => expect(el.style.transform).toBe(centredOn(50, 70, GLOW_LAYERS[i]!.size)));

    // Still pointer: nothing more is scheduled.
    const calls = vi.mocked(requestAnimationFrame).mock.calls.length;
    expect(frames.size).toBe(0);
    expect(vi.mocked(requestAnimationFrame).mock.calls.length).toBe(calls);

    // Moving again restarts the loop.
    move(300, 10);
    expect(frames.size).toBe(1);
    runUntilIdle();
    expect(layers()[2]!.style.transform).toBe(centredOn(300, 10, 300));
  });

  it('does nothing under prefers-reduced-motion: layers stay hidden and no frame is asked for', () => {
    reducedMotion.matches = true;
    render(<CursorGlow />);
    move(40, 60);
    expect(requestAnimationFrame).not.toHaveBeenCalled();
    for (const el of layers()) expect(el).toHaveClass('hidden');
    expect(screen.getByTestId('cursor-glow')).toHaveClass('motion-reduce:hidden');
  });

  it('stops when reduced motion is switched on while the page is open', () => {
    render(<CursorGlow />);
    move(400, 400);
    expect(frames.size).toBe(1);
    reducedMotion.matches = true;
    act(() => reducedMotion.listeners.forEach((cb) => cb()));
    expect(frames.size).toBe(0);
    move(10, 10);
    expect(frames.size).toBe(0);
  });

  it('cancels its frame and stops listening when unmounted', () => {
    const { unmount } = render(<CursorGlow />);
    move(400, 400);
    expect(frames.size).toBe(1);
    unmount();
    expect(frames.size).toBe(0);
    expect(reducedMotion.listeners.size).toBe(0);
    window.dispatchEvent(new MouseEvent('pointermove', { clientX: 1, clientY: 1 }));
    expect(frames.size).toBe(0);
  });
});
