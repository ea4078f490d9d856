import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStream } from '@/lib/event-stream';
import { invalidatePlanning } from './automation-keys';

/** A burst of events (a schedule fired on many hosts) reads the page again once. */
const DEBOUNCE_MS = 300;

/**
 * Live page: a schedule or window created, changed or deleted anywhere ('schedule.changed'), or an occurrence
 * started or skipped ('schedule.fired', 'schedule.skipped': next and last runs move), reloads the schedules,
 * windows and planner.
 */
export function useAutomationEvents() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = eventStream()?.subscribe((event) => {
      if (!event.type.startsWith('schedule.')) return;
      clearTimeout(timer);
      timer = setTimeout(() => void invalidatePlanning(client), DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [client]);
}
