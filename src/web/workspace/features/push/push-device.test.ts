/** What the device list calls a browser, and where a notification's click may go (decision 130). */
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';
import { deviceLabel } from './push-device';

describe('push on this device', () => {
  it('names a device by its browser and system, nothing more', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const windows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(deviceLabel(android)).toBe('Samsung Internet · Android');
    expect(deviceLabel(iphone)).toBe('Safari · iOS');
    expect(deviceLabel(windows)).toBe('Chrome · Windows');
  });

  it("opens only a lead's page or the 현황 screen in the workspace, else the inbox", () => {
    const lead = '/team/leads/0b6c2a8e-3f1d-4c5e-9a7b-1d2e3f4a5b6c';
    expect(notificationTarget(lead)).toBe(lead);
    expect(notificationTarget('/team/field-figures')).toBe('/team/field-figures');
    for (const other of [
      'https://evil.example/team/leads/x',
      '/team/leads/../members',
      '/team/field-figures/../members',
      '//evil.example',
      42,
      undefined,
    ])
      expect(notificationTarget(other)).toBe('/team/');
  });
});
