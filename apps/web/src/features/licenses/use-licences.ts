import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminOrganisationListSchema,
  LicenceListSchema,
  LicenceSchema,
  type GenerateLicenceRequest,
  type Licence,
} from '@proxai/contract';
import { api } from '@/lib/api-client';

export const licencesKey = (organisationId: string | null) => ['licences', organisationId] as const;

/** SPEC.md §8: list errors are only logged, and the list ends up empty. */
export function useLicences(organisationId: string | null) {
  return useQuery({
    queryKey: licencesKey(organisationId),
    enabled: organisationId !== null,
    retry: false,
    queryFn: async ({ signal }): Promise<Licence[]> => {
      try {
        return await api(`/admin/licenses/${encodeURIComponent(organisationId ?? '')}`, { schema: LicenceListSchema, signal });
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
    queryFn: ({ signal }) => api('/admin/organisations', { schema: AdminOrganisationListSchema, signal }),
  });
}

/** The new licence goes to the top of the list without a reload (SPEC.md §4). */
export function useGenerateLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateLicenceRequest) =>
      api('/admin/licenses/generate', { method: 'POST', body, schema: LicenceSchema }),
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
      api(`/admin/licenses/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: { reason }, schema: LicenceSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licencesKey(organisationId) }),
  });
}
