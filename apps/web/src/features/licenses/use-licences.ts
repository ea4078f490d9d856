import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenerateLicenceRequest, Licence } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';

export const licencesKey = (organisationId: string | null) => ['licences', organisationId] as const;

/** SPEC.md §8: list errors are only logged, and the list ends up empty. */
export function useLicences(organisationId: string | null) {
  return useQuery({
    queryKey: licencesKey(organisationId),
    enabled: organisationId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<Licence[]> => {
      try {
        return await apiCall('GET', '/admin/licenses/{organisation_id}', {
          path: { organisation_id: organisationId ?? '' },
          signal,
        });
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        console.error('Failed to load licences', err);
        return [];
      }
    },
  });
}

export function useOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-organisations'],
    enabled,
    queryFn: ({ signal }) => apiCall('GET', '/admin/organisations', { signal }),
  });
}

/** The new licence goes to the top of the list without a reload (SPEC.md §4). */
export function useGenerateLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateLicenceRequest) => apiCall('POST', '/admin/licenses/generate', { body }),
    onSuccess: (licence) => {
      queryClient.setQueryData<Licence[]>(licencesKey(licence.organisation_id), (old) => [
        licence,
        ...(old ?? []).filter((l) => l.id !== licence.id),
      ]);
    },
  });
}

/** Revoking reloads the list (SPEC.md §4). */
export function useRevokeLicence(organisationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiCall('POST', '/admin/licenses/{id}/revoke', { path: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licencesKey(organisationId) }),
  });
}
