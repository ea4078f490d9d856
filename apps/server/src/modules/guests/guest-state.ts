import type { Db } from '../../db/client';
import { emitEvent } from '../events/events.repository';
import { fleetChanged } from '../hosts/fleet-cache';
import { updateGuest, type GuestRow } from './guests.repository';

/**
 * Writes what a job learns about a guest (its state after an action or a rollback): tells the event stream when
 * the state changed and every replica's caches that the fleet did.
 */
export function guestStateWriter(db: Db, guest: GuestRow): (values: Parameters<typeof updateGuest>[2]) => Promise<void> {
  let shown = guest.state;
  return async (values) => {
    await db.transaction(async (tx) => {
      await updateGuest(tx, guest.id, values);
      if (values.state !== undefined && values.state !== shown) {
        await emitEvent(tx, guest.organisationId, 'guest.state_changed', {
          guest_id: guest.id,
          host_id: guest.hostId,
          vmid: guest.vmid,
          name: guest.name,
          state: values.state,
          previous: shown,
        });
      }
    });
    if (values.state !== undefined) shown = values.state;
    await fleetChanged(db, guest.organisationId);
  };
}
