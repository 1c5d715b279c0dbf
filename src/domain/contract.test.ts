import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalContract,
  contractState,
  depositAmount,
  normalizeReceiptNumber,
  taxDetailsSchema,
  validBusinessNumber,
} from './contract';

describe('the 사업자등록번호 check digit (weights 1,3,7,1,3,7,1,3,5)', () => {
  it('accepts numbers whose tenth digit is right, with or without separators', () => {
    // 124-81-00998: 1+6+28+8+3+0+0+27+45 = 118, + ⌊9×5/10⌋ = 122, (10 − 2) mod 10 = 8.
    for (const number of ['124-81-00998', '1248100998', '124 81 00998', '220-81-62517', '000-00-00000'])
      expect(validBusinessNumber(number), number).toBe(true);
  });

  it('refuses a wrong check digit, too few or too many digits, and letters', () => {
    for (const number of ['124-81-00997', '124-81-00990', '12481009', '12481009981', '124-81-0099X', ''])
      expect(validBusinessNumber(number), number).toBe(false);
    // Every other tenth digit for one set of nine is wrong: exactly one is right.
    const right = [...'0123456789'].filter((digit) => validBusinessNumber(`124810099${digit}`));
    expect(right).toEqual(['8']);
  });
});

describe('the tax details, one schema for the status page and the workspace', () => {
  const business = {
    kind: 'business',
    businessNumber: '124-81-00998',
    company: '주식회사 빵집연구소',
    representative: '김대표',
    businessType: '서비스업',
    businessItem: '소프트웨어 개발',
    invoiceEmail: 'tax@example.com',
  };

  it('keeps a business number as its ten digits and refuses a wrong one at its field', () => {
    expect(taxDetailsSchema.parse(business)).toMatchObject({ kind: 'business', businessNumber: '1248100998' });
    const wrong = taxDetailsSchema.safeParse({ ...business, businessNumber: '124-81-00997' });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues[0]!.path).toEqual(['businessNumber']);
    for (const field of ['company', 'representative', 'businessType', 'businessItem'] as const) {
      const empty = taxDetailsSchema.safeParse({ ...business, [field]: ' \u200b ' });
      expect(empty.error!.issues[0]!.path, field).toEqual([field]);
    }
    expect(taxDetailsSchema.safeParse({ ...business, invoiceEmail: 'not-mail' }).error!.issues[0]!.path).toEqual([
      'invoiceEmail',
    ]);
  });

  it('takes an individual with no receipt number, a mobile number or a cash-receipt card number', () => {
    expect(taxDetailsSchema.parse({ kind: 'individual', receiptNumber: '' })).toEqual({
      kind: 'individual',
      receiptNumber: '',
    });
    expect(taxDetailsSchema.parse({ kind: 'individual', receiptNumber: '010-1234-5678' })).toEqual({
      kind: 'individual',
      receiptNumber: '01012345678',
    });
    expect(normalizeReceiptNumber('1234-5678-9012-345678')).toBe('123456789012345678');
    expect(taxDetailsSchema.safeParse({ kind: 'individual', receiptNumber: '02-123-4567' }).success).toBe(false);
    expect(taxDetailsSchema.safeParse({ kind: 'company' }).success).toBe(false);
  });
});

describe('the agreement', () => {
  it('takes the deposit as a share of the total, the won cut off', () => {
    expect(depositAmount(1_650_000, 50)).toBe(825_000);
    expect(depositAmount(1_000_001, 30)).toBe(300_000);
    expect(contractState({ signedAt: null, countersignedAt: null })).toBe('sent');
    expect(contractState({ signedAt: 'x', countersignedAt: null })).toBe('signed');
    expect(contractState({ signedAt: 'x', countersignedAt: 'y' })).toBe('concluded');
  });

  it('has a canonical form pinned to its SHA-256: form 1 changes only with a new form number', () => {
    const form = canonicalContract(
      {
        id: '00000000-0000-4000-8000-000000000001',
        createdAt: '2026-11-28T00:30:00.000Z',
        quoteId: '00000000-0000-4000-8000-000000000002',
        quoteVersion: 2,
        quoteSha256: 'a'.repeat(64),
        items: [{ description: '기획', quantity: 1, unitPrice: 1_500_000 }],
        schedule: '12월 1일 착수',
        depositPercent: 50,
      },
      'ABCD1234',
      ['제1조 (목적) …'],
      { name: '김신청', tax: { kind: 'individual', receiptNumber: '01012345678' } },
    );
    expect(form).toBe(
      '{"form":1,"contract":"00000000-0000-4000-8000-000000000001","reference":"ABCD1234","issuedOn":"2026-11-28",' +
        '"quote":["00000000-0000-4000-8000-000000000002",2,"' +
        'a'.repeat(64) +
        '"],"items":[["기획",1,1500000,1500000]],"supply":1500000,"vat":150000,"total":1650000,' +
        '"deposit":[50,825000],"schedule":"12월 1일 착수","terms":["제1조 (목적) …"],"name":"김신청",' +
        '"tax":["individual","01012345678"]}',
    );
    expect(createHash('sha256').update(form, 'utf8').digest('hex')).toMatchInlineSnapshot(
      `"c6b8e0d43f1337e1b9dee41705cfd162c78ac55beb1db7c95f7c66e5cf6d8208"`,
    );
  });
});
