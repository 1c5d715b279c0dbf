/** The concluded agreements' records kept apart after their lead's erasure (decision 160): the list. */
import { useQuery } from '@tanstack/react-query';
import { CONTRACT_RECORDS_PATH, type KeptContractList } from '../../../../domain/contract-records';
import { teamRequest } from '../../api/client';

export const useKeptContracts = () =>
  useQuery({
    queryKey: ['contract-records'],
    queryFn: () => teamRequest<KeptContractList>('GET', CONTRACT_RECORDS_PATH),
  });
