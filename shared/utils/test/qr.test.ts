import { describe, expect, it } from 'vitest';
import { splitQrString } from '../src';

describe('splitQrString', () => {
  it('takes the second $ part as the address and the third as the id', () => {
    expect(splitQrString('LPA:1$smdp.example.com$MATCHING-ID')).toEqual({
      address: 'smdp.example.com',
      id: 'MATCHING-ID',
    });
  });

  it('returns empty parts for a string without them', () => {
    expect(splitQrString('LPA:1$smdp.example.com')).toEqual({
      address: 'smdp.example.com',
      id: '',
    });
    expect(splitQrString('')).toEqual({ address: '', id: '' });
  });

  it('ignores surrounding whitespace and extra parts', () => {
    expect(splitQrString(' LPA:1$rsp.example.net$ABC$1 \n')).toEqual({
      address: 'rsp.example.net',
      id: 'ABC',
    });
  });
});
