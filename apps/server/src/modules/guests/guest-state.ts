import type { Db } from '../../db/client';
import { emitEvent } from '../../events/outbox';
import { fleetChanged } from '../fleet/fleet-cache';
import { lockGuestState, updateGuest, type GuestRow } from './guests.repository';

/**
 * Writes what a job learns about a guest (its state after an action or a rollback): tells the event stream when
 * the state changed and every replica's caches that the fleet did. The change is judged against the row as it is
 * now, locked: a poll that wrote the same state first already told it, and it is told once.
 */
export function guestStateWriter(db: Db, guest: GuestRow): (values: Parameters<typeof updateGuest>[2]) => Promise<void> {
  return async (values) => {
    await db.transaction(async (tx) => {
      const previous = values.state === undefined ? undefined : await lockGuestState(tx, guest.id);
      await updateGuest(tx, guest.id, values);
      if (values.state !== undefined && previous !== undefined && values.state !== previous) {
        await emitEvent(tx, guest.organisationId, 'guest.state_changed', {
          guest_id: guest.id,
          host_id: guest.hostId,
          vmid: guest.vmid,
          name: guest.name,
          state: values.state,
          previous,
        });
      }
    });
    await fleetChanged(db, guest.organisationId);
  };
}
