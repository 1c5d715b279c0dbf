/** Voice memo submissions as the page sends them (multipart), for the server tests and `npm run bench:intake`. */

/** A WebM file's start: the EBML header's signature, then filler bytes. */
export function webmBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x42);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  return bytes;
}

/** The multipart body the page sends: the fields and, when given, the memo file. */
export async function multipartBody(fields: Record<string, string>, memo?: { bytes: Buffer; type?: string; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (memo) form.append('memo', new Blob([new Uint8Array(memo.bytes)], { type: memo.type ?? 'audio/webm' }), memo.name ?? 'memo.webm');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
