import { useEffect, useRef } from 'react';

/** Diameters of the three layers (SPEC.md §2), largest and faintest first. */
export const GLOW_LAYERS = [
  { size: 600, className: 'bg-brand-500/10 dark:bg-brand-500/10', lag: 0.08 },
  { size: 400, className: 'bg-amber-400/10 dark:bg-amber-400/10', lag: 0.14 },
  { size: 300, className: 'bg-orange-300/15 dark:bg-brand-500/15', lag: 0.22 },
] as const;

/** A layer closer than this to the pointer (in px, on each axis) is snapped onto it and stops moving. */
export const SETTLE_PX = 0.5;

/**
 * Decorative glow following the pointer. Positions are written straight to the DOM from animation frames
 * (no React re-render per mouse move), and frames run only while a layer is still catching up with the
 * pointer: once all three have settled the loop stops, and the next pointer move starts it again.
 * Nothing runs under prefers-reduced-motion or on touch screens, and the layers are hidden from assistive
 * technology.
 *
 * The layers are anchored physically (left/top, not start) because they are moved by clientX, which is
 * always measured from the left edge: with `start-0` an Arabic (RTL) page anchored them on the right.
 */
export function CursorGlow() {
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    const finePointer = window.matchMedia('(pointer: fine)');
    if (reduced.matches || !finePointer.matches) return;
    const target = { x: window.innerWidth / 2, y: window.innerHeight / 3 };
    const current = GLOW_LAYERS.map(() => ({ ...target }));
    let frame: number | null = null;

    const place = (i: number) => {
      const el = refs.current[i];
      const p = current[i];
      const layer = GLOW_LAYERS[i];
      if (el && p && layer) el.style.transform = `translate3d(${p.x - layer.size / 2}px, ${p.y - layer.size / 2}px, 0)`;
    };

    const tick = () => {
      frame = null;
      let moving = false;
      GLOW_LAYERS.forEach((layer, i) => {
        const p = current[i];
        if (!p) return;
        const dx = target.x - p.x;
        const dy = target.y - p.y;
        if (Math.abs(dx) < SETTLE_PX && Math.abs(dy) < SETTLE_PX) {
          p.x = target.x;
          p.y = target.y;
        } else {
          p.x += dx * layer.lag;
          p.y += dy * layer.lag;
          moving = true;
        }
        place(i);
      });
      if (moving) frame = requestAnimationFrame(tick);
    };

    const stop = () => {
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
    };
    const onMove = (e: PointerEvent) => {
      target.x = e.clientX;
      target.y = e.clientY;
      if (frame === null && !reduced.matches) frame = requestAnimationFrame(tick);
    };
    // Reduced motion switched on while the page is open: CSS hides the layers, and the loop stops too.
    const onReducedChange = () => {
      if (reduced.matches) stop();
    };

    // The layers start settled where they are shown: placed once, without any frame loop.
    GLOW_LAYERS.forEach((_, i) => place(i));
    refs.current.forEach((el) => el?.classList.remove('hidden'));
    window.addEventListener('pointermove', onMove, { passive: true });
    reduced.addEventListener('change', onReducedChange);
    return () => {
      stop();
      window.removeEventListener('pointermove', onMove);
      reduced.removeEventListener('change', onReducedChange);
    };
  }, []);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-0 overflow-hidden motion-reduce:hidden"
      data-testid="cursor-glow"
    >
      {GLOW_LAYERS.map((layer, i) => (
        <div
          key={layer.size}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className={`absolute left-0 top-0 hidden rounded-full blur-3xl will-change-transform ${layer.className}`}
          style={{ width: layer.size, height: layer.size }}
          data-glow-size={layer.size}
        />
      ))}
    </div>
  );
}
