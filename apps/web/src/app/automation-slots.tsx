import { lazy, type ReactNode } from 'react';
import { ProbesEditorContext, type ProbesEditorSlot } from '@/features/automation/components/probes-editor-slot';
import { areProbesValid } from '@/features/backups/probes';

// The backups feature's probes editor in the automation feature's restore-test schedules. Composed here, since
// features never import each other; its code (and its strings) load when a restore-test schedule is edited.
const ProbesEditor = lazy(async () => ({ default: (await import('@/features/backups/components/probes-editor')).ProbesEditor }));

const SLOT: ProbesEditorSlot = { Editor: ProbesEditor, isValid: areProbesValid };

export function WithProbesEditor({ children }: { children: ReactNode }) {
  return <ProbesEditorContext value={SLOT}>{children}</ProbesEditorContext>;
}
