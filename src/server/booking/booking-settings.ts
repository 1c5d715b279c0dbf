/** The team's booking settings (domain/booking.ts): one row, read by every instance, written by owners. */
import { sql } from 'drizzle-orm';
import { bookingSettingsSchema, NO_BOOKING_SETTINGS, type BookingSettings } from '../../domain/booking';
import type { RowsFn } from '../db/client';

export async function readBookingSettings(rows: RowsFn): Promise<BookingSettings> {
  const [row] = await rows<{ settings: unknown }>(sql`select settings from meeting_settings where id = 1`);
  if (!row) return NO_BOOKING_SETTINGS;
  const stored = typeof row.settings === 'string' ? (JSON.parse(row.settings) as unknown) : row.settings;
  const parsed = bookingSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_BOOKING_SETTINGS;
}

export async function saveBookingSettings(
  rows: RowsFn,
  settings: BookingSettings,
  memberId: string,
  now = new Date(),
): Promise<void> {
  await rows(sql`
    insert into meeting_settings (id, settings, updated_at, updated_by)
    values (1, ${JSON.stringify(settings)}::jsonb, ${now.toISOString()}::timestamptz, ${memberId}::uuid)
    on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at,
      updated_by = excluded.updated_by`);
}
