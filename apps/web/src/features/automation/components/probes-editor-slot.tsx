import type { Probe } from '@proxai/contract';
import { createContext, type ComponentType } from 'react';

/** What the probes editor takes: the probes, and whether to show each one's problems beside it. */
export interface ProbesEditorProps {
  /** Prefix of the editor's ids; `${id}` itself goes on its first field (focused on an error). */
  id: string;
  value: Probe[];
  onChange: (next: Probe[]) => void;
  showErrors: boolean;
  disabled?: boolean;
}

export interface ProbesEditorSlot {
  Editor: ComponentType<ProbesEditorProps>;
  /** False when a probe would be refused (a port out of range, an empty command…). */
  isValid: (probes: readonly Probe[]) => boolean;
}

/**
 * The restore tests' probes editor (agent ping, TCP port, HTTP, command), which the backups feature owns: features
 * never import each other, so src/app provides it here for the restore-test schedules. Without it the schedule
 * editor shows the probes read-only.
 */
export const ProbesEditorContext = createContext<ProbesEditorSlot | null>(null);
