import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { hostKey } from './host-key';

/** The certificate the host presents now against its pin (admins and owners), read live from the host. */
export const hostCertificateQuery = (id: string) =>
  queryOptions({
    queryKey: [...hostKey(id), 'certificate'],
    queryFn: ({ signal }) => apiCall('GET', '/hosts/{id}/certificate', { path: { id }, signal }),
    // Asked afresh each time the dialog opens; a host that does not answer is said at once, with a retry button.
    staleTime: 0,
    retry: false,
  });

export const useHostCertificate = (id: string) => useQuery(hostCertificateQuery(id));
