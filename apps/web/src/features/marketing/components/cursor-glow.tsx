import { useEffect, useRef } from 'react';

/** Diameters of the three layers (SPEC.md §2), largest and faintest first. */
export const GLOW_LAYERS = [
  { size: 600, className: 'bg-brand-500/10 dark:bg-brand-500/10', lag: 0.08 },
  { size: 400, className: 'bg-amber-400/10 dark:bg-amber-400/10', lag: 0.14 },
  { size: 300, className: 'bg-orange-300/15 dark:bg-brand-500/15', lag: 0.22 },
] as const;

/**
 * Decorative glow following the pointer. Positions are written straight to the DOM in one animation
 * frame loop (no React re-render per mouse move). Nothing runs under prefers-reduced-motion or on touch
 * screens, and the layers are hidden from assistive technology.
 */
export function CursorGlow() {
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    const finePointer = window.matchMedia('(pointer: fine)');
    if (reduced.matches || !finePointer.matches) return;
    const target = { x: window.innerWidth / 2, y: window.innerHeight / 3 };
    const current = GLOW_LAYERS.map(() => ({ ...target }));
    let frame = 0;
    const tick = () => {
      GLOW_LAYERS.forEach((layer, i) => {
        const p = current[i];
        const el = refs.current[i];
        if (!p || !el) return;
        p.x += (target.x - p.x) * layer.lag;
        p.y += (target.y - p.y) * layer.lag;
        el.style.transform = `translate3d(${p.x - layer.size / 2}px, ${p.y - layer.size / 2}px, 0)`;
      });
      frame = requestAnimationFrame(tick);
    };
    const onMove = (e: PointerEvent) => {
      target.x = e.clientX;
      target.y = e.clientY;
    };
    refs.current.forEach((el) => el?.classList.remove('hidden'));
    window.addEventListener('pointermove', onMove, { passive: true });
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onMove);
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
          className={`absolute start-0 top-0 hidden rounded-full blur-3xl will-change-transform ${layer.className}`}
          style={{ width: layer.size, height: layer.size }}
          data-glow-size={layer.size}
        />
      ))}
    </div>
  );
}
