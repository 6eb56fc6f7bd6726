// The phone/fax and image-url body rules (issue 26: prop-address-contact.10, .11, img-fields.1),
// both ways on the spec's valid bodies: D-351 and D-352.
import { describe, expect, it } from 'vitest';
import { notPublicUrl } from '../../../src/checks/body-rules/contact-images.js';
import { fixture, verdictOf, withValue } from './helpers.js';

const valid = () => fixture('CreateProperty.request.valid');
const edit = (pointer: string, value: unknown) => withValue(valid(), `/Property${pointer}`, value);

describe('rule.property.phone-fax-international', () => {
  const ID = 'rule.property.phone-fax-international';

  it.each([['+31 517 000000'], ['+49 (0)4522 000-100'], ['0049 4522 000100'], ['+1.212.555.0100']])('accepts %j', (phone) => {
    expect(verdictOf(ID, edit('/address/phone', phone)).status).toBe('pass');
  });

  it.each([
    ['/address/phone', '04522 000 100'],
    ['/address/phone', '(0)30 1234567'],
    ['/address/fax', '030 1234568'],
    ['/address/fax', '+0 30 1234'],
    ['/address/phone', 'call reception'],
  ])('rejects %s %j', (pointer, value) => {
    const verdict = verdictOf(ID, edit(pointer, value));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: `/Property${pointer}`, actual: value }));
    expect(verdict.message).toMatch(/^Unexpected Property\.address phone\/fax: expected .*international country code.*, but received /);
  });

  it('judges nothing when neither is set (null, empty)', () => {
    const none = withValue(edit('/address/phone', null), '/Property/address/fax', '');
    expect(verdictOf(ID, none)).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
  });
});

describe('rule.property.image-url-public', () => {
  const ID = 'rule.property.image-url-public';

  it('passes the valid CreateProperty and UpdateRoom bodies', () => {
    expect(verdictOf(ID, valid()).status).toBe('pass');
    expect(verdictOf(ID, fixture('UpdateRoom.request.valid')).status).toBe('pass');
  });

  it.each([
    ['/images/0/url', 'http://192.168.1.20/photos/lake.jpg'],
    ['/images/1/url', '/images/lobby.jpg'],
    ['/rooms/0/images/0/url', 'http://localhost:8080/twin.jpg'],
    ['/images/0/url', 'file:///srv/photos/front.jpg'],
    ['/images/0/url', 'https://photos/front.jpg'],
    ['/images/0/url', 'https://[fd00::1]/front.jpg'],
  ])('rejects %s %j', (pointer, url) => {
    const verdict = verdictOf(ID, edit(pointer, url));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: `/Property${pointer}`, actual: url }));
  });

  it('judges the room of UpdateRoom too', () => {
    const body = withValue(fixture('UpdateRoom.request.valid'), '/room/images/0/url', 'http://10.0.0.5/twin.jpg');
    expect(verdictOf(ID, body)).toEqual(expect.objectContaining({ status: 'fail', pointer: '/room/images/0/url' }));
  });

  it('says why a url is not public, and takes a public host as public', () => {
    expect(notPublicUrl('https://img.example.org/a.jpg')).toBeUndefined();
    expect(notPublicUrl('https://203.0.113.7/a.jpg')).toBeUndefined();
    expect(notPublicUrl('https://user:pw@img.example.org/a.jpg')).toMatch(/user name/);
    expect(notPublicUrl('http://127.0.0.1/a.jpg')).toMatch(/private, loopback/);
    expect(notPublicUrl('http://hotel.local/a.jpg')).toMatch(/not a public name/);
    expect(notPublicUrl('a.jpg')).toMatch(/not an absolute URL/);
  });
});
