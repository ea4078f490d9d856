import { useQuery } from '@tanstack/react-query';
import { collectionQuery } from './collection';

/** Every host's collection (guest-agent budget and reach, backfill), for the settings page. */
export function useCollection() {
  return useQuery({ ...collectionQuery, refetchInterval: 30_000 });
}
