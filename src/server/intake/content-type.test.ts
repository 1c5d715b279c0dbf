import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { isJsonContentType, jsonOnlyGuard } from './content-type';

describe('JSON-only guard', () => {
  it('accepts application/json with or without parameters', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
  });

  it('refuses other media types and a missing header', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', undefined]) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });

  it('throws 415 unsupported_media_type', async () => {
    const run = (type?: string) =>
      (jsonOnlyGuard as unknown as (request: unknown) => Promise<void>)({ headers: type ? { 'content-type': type } : {} });
    await expect(run('text/plain')).rejects.toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
    await expect(run('text/plain')).rejects.toBeInstanceOf(ApiError);
    await expect(run('application/json')).resolves.toBeUndefined();
  });
});
