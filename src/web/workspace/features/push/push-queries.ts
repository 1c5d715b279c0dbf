/** The member's devices (decision 130): the list with the server's VAPID key, storing this device, removing one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PUSH_SUBSCRIPTIONS_PATH,
  type PushDevice,
  type PushDevicesAnswer,
  type PushSubscriptionRequest,
} from '../../../../domain/push';
import { teamRequest } from '../../api/client';

const DEVICES_KEY = ['push-devices'] as const;

export const usePushDevices = () =>
  useQuery({ queryKey: DEVICES_KEY, queryFn: () => teamRequest<PushDevicesAnswer>('GET', PUSH_SUBSCRIPTIONS_PATH) });

function useDevicesChange<T, R>(request: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => void client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export const useStoreDevice = () =>
  useDevicesChange((request: PushSubscriptionRequest) =>
    teamRequest<PushDevice>('POST', PUSH_SUBSCRIPTIONS_PATH, request),
  );

export const useRemoveDevice = () =>
  useDevicesChange((device: PushDevice) =>
    teamRequest<void>('DELETE', `${PUSH_SUBSCRIPTIONS_PATH}/${encodeURIComponent(device.id)}`).then(() => device),
  );
