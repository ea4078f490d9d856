import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler, type StepUpChallenge } from '@/lib/api-client';
import { stepUpCancelled } from './problem-text';

// The prompt's code, strings and WebAuthn library load only when a request first asks for a step-up.
const StepUpPrompt = lazy(async () => ({ default: (await import('./components/step-up-prompt')).StepUpPrompt }));

interface Pending {
  id: number;
  challenge: StepUpChallenge;
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * Answers the API client's step-up challenges (a sensitive request's 401 `step_up_required`): each opens the
 * "Confirm it's you" prompt in turn (concurrent requests wait in a queue), which resolves the step-up token the
 * request is retried with, or rejects with an Error named `StepUpCancelled`. Mount it once in the signed-in
 * layout; it renders nothing until asked, and gives focus back to where it was once the last prompt is gone.
 */
export function StepUpProvider() {
  const queue = useRef<Pending[]>([]);
  const nextId = useRef(0);
  const origin = useRef<HTMLElement | null>(null);
  const [shown, setShown] = useState<{ pending: Pending; waiting: number } | null>(null);
  const show = () => {
    const first = queue.current[0];
    setShown(first ? { pending: first, waiting: queue.current.length - 1 } : null);
  };

  useEffect(() => {
    const remove = setStepUpHandler(
      (challenge) =>
        new Promise<string>((resolve, reject) => {
          if (queue.current.length === 0) {
            origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }
          queue.current.push({ id: (nextId.current += 1), challenge, resolve, reject });
          show();
        }),
    );
    return () => {
      remove();
      // Leaving the signed-in pages: the requests still waiting are cancelled, not left hanging.
      for (const pending of queue.current.splice(0)) pending.reject(stepUpCancelled());
    };
  }, []);

  function settle(pending: Pending, token: string | null) {
    if (!queue.current.includes(pending)) return;
    queue.current = queue.current.filter((p) => p !== pending);
    if (token === null) pending.reject(stepUpCancelled());
    else pending.resolve(token);
    show();
    if (queue.current.length === 0) {
      const target = origin.current;
      origin.current = null;
      setTimeout(() => target?.isConnected && target.focus());
    }
  }

  if (!shown) return null;
  const { pending, waiting } = shown;
  return (
    <Suspense fallback={null}>
      <StepUpPrompt
        key={pending.id}
        challenge={pending.challenge}
        waiting={waiting}
        onProved={(token) => settle(pending, token)}
        onCancel={() => settle(pending, null)}
      />
    </Suspense>
  );
}
