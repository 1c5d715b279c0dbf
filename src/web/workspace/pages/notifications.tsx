/**
 * The member's notifications (decision 130): on this device, turned on after a tap (the browser asks for the
 * permission), with the events chosen; changed or turned off again; and the member's devices, each with its last
 * notification, removable one by one. Every member has this screen (it is about their own devices).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { pushNotificationsCopy as copy } from '../../../content/push-notifications';
import { formatKst } from '../../../domain/kst';
import { PUSH_CHOICES, type PushChoice, type PushDevice } from '../../../domain/push';
import { PageHeading } from '../components/page-heading';
import { useDocumentTitle } from '../document-title';
import { currentEndpoint, deviceLabel, pushSupport, subscribe, unsubscribe } from '../features/push/push-device';
import { usePushDevices, useRemoveDevice, useStoreDevice } from '../features/push/push-queries';

const button =
  'min-h-11 rounded-lg bg-indigo-700 px-4 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60';
const plainButton = 'min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50';
const dangerButton = 'min-h-11 rounded-lg border border-red-300 px-3 text-sm font-medium text-red-800 hover:bg-red-50';
/** One label per choice (the typecheck holds the copy to PUSH_CHOICES). */
const choiceLabels: Record<PushChoice, string> = copy.choices;
const isIos = () => /iPhone|iPad/.test(navigator.userAgent);

export function NotificationsScreen() {
  useDocumentTitle(copy.title);
  const devices = usePushDevices();
  const store = useStoreDevice();
  const remove = useRemoveDevice();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [choices, setChoices] = useState<Set<PushChoice> | null>(null);
  const [working, setWorking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const legendId = useId();
  const support = pushSupport();

  useEffect(() => {
    let live = true;
    currentEndpoint().then(
      (found) => live && setEndpoint(found),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const list = devices.data?.devices ?? [];
  const thisDevice = endpoint ? list.find((device) => device.endpoint === endpoint) : undefined;
  // The choices shown: what the member changed, else this device's stored ones, else all.
  const shown = choices ?? new Set<PushChoice>(thisDevice?.choices ?? PUSH_CHOICES);

  const toggle = (choice: PushChoice) => {
    const next = new Set(shown);
    if (next.has(choice)) next.delete(choice);
    else next.add(choice);
    setChoices(next);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFailure(null);
    if (shown.size === 0) return setFailure(copy.noChoice);
    const publicKey = devices.data?.publicKey;
    if (!publicKey) return setFailure(copy.failed);
    setWorking(true);
    try {
      const subscription = await subscribe(publicKey);
      if (subscription === 'denied') return setFailure(copy.denied);
      await store.mutateAsync({
        subscription,
        choices: PUSH_CHOICES.filter((choice) => shown.has(choice)),
        device: deviceLabel(),
      });
      setEndpoint(subscription.endpoint);
      setChoices(null);
      setNotice(thisDevice ? copy.saved : copy.turnedOn);
    } catch (error) {
      setFailure(error instanceof Error && error.name === 'TeamRequestError' ? error.message : copy.failed);
    } finally {
      setWorking(false);
    }
  };

  const removeDevice = async (device: PushDevice, own: boolean) => {
    setNotice(null);
    setFailure(null);
    try {
      await remove.mutateAsync(device);
      if (own) {
        await unsubscribe().catch(() => undefined);
        setEndpoint(null);
      }
      setNotice(own ? copy.turnedOff : copy.removed(device.device));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeading className="mb-2 text-2xl font-bold">{copy.title}</PageHeading>
      <p className="mb-6 text-slate-700">{copy.intro}</p>
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {notice}
        </p>
      )}
      {failure && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-red-900">
          {failure}
        </p>
      )}
      {support === 'unsupported' ? (
        <p className="mb-6 rounded-lg bg-amber-50 p-3 text-amber-900">{copy.unsupported}</p>
      ) : (
        <form onSubmit={save} className="mb-8" data-push-form={endpoint === undefined ? 'checking' : 'ready'}>
          {support === 'denied' && <p className="mb-3 rounded-lg bg-amber-50 p-3 text-amber-900">{copy.denied}</p>}
          {isIos() && !thisDevice && <p className="mb-3 text-sm text-slate-700">{copy.iosHint}</p>}
          <fieldset aria-labelledby={legendId} className="mb-4">
            <legend id={legendId} className="mb-2 font-semibold">
              {copy.choicesLegend}
            </legend>
            {PUSH_CHOICES.map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={shown.has(choice)}
                  onChange={() => toggle(choice)}
                />
                {choiceLabels[choice]}
              </label>
            ))}
            <p className="mt-1 text-sm text-slate-600">{copy.mineNote}</p>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={button} disabled={working || !devices.data}>
              {working ? copy.working : thisDevice ? copy.save : copy.turnOn}
            </button>
            {thisDevice && (
              <button type="button" className={plainButton} onClick={() => void removeDevice(thisDevice, true)}>
                {copy.turnOff}
              </button>
            )}
          </div>
        </form>
      )}
      <h2 className="mb-2 text-lg font-semibold">{copy.devicesHeading}</h2>
      {devices.data && list.length === 0 && <p className="text-slate-700">{copy.noDevices}</p>}
      <ul className="divide-y divide-slate-200" aria-label={copy.devicesHeading}>
        {list.map((device) => {
          const own = device.endpoint === endpoint;
          return (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium">
                  {device.device} {own && <span className="text-slate-600">{copy.thisDevice}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {copy.chosen(device.choices.length)} · {copy.lastSuccess}:{' '}
                  {device.lastSuccessAt ? formatKst(device.lastSuccessAt) : copy.never}
                </p>
              </div>
              <button
                type="button"
                className={dangerButton}
                aria-label={copy.removeLabel(device.device)}
                onClick={() => void removeDevice(device, own)}
              >
                {copy.remove}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
