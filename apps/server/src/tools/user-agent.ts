/**
 * A small User-Agent reader for the session and log models (docs/protocol.md §4.2). It knows the
 * browsers and systems this shop's customers use and answers '' for anything else, using Matomo
 * DeviceDetector's short codes where it names something.
 */
const EMPTY = {
  osCode: '',
  osName: '',
  osVersion: '',
  clientType: '',
  clientCode: '',
  clientName: '',
  clientVersion: '',
  clientEngine: '',
  clientEngineVersion: '',
  deviceName: '',
  deviceBrand: '',
  deviceModel: '',
};

export type DeviceInfo = typeof EMPTY;

const majorMinor = (v: string | undefined) => (v ? v.split('.').slice(0, 2).join('.') : '');

function readOs(ua: string): Pick<DeviceInfo, 'osCode' | 'osName' | 'osVersion'> {
  let m: RegExpExecArray | null;
  if ((m = /Windows NT (\d+\.\d+)/.exec(ua))) {
    const map: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };
    return { osCode: 'WIN', osName: 'Windows', osVersion: map[m[1]!] ?? m[1]! };
  }
  if ((m = /Android (\d+(?:\.\d+)?)/.exec(ua)))
    return { osCode: 'AND', osName: 'Android', osVersion: m[1]! };
  if ((m = /(?:iPhone|iPad|iPod).*? OS (\d+)_(\d+)/.exec(ua)))
    return { osCode: 'IOS', osName: 'iOS', osVersion: `${m[1]}.${m[2]}` };
  if ((m = /Mac OS X (\d+)[._](\d+)/.exec(ua)))
    return { osCode: 'MAC', osName: 'Mac', osVersion: `${m[1]}.${m[2]}` };
  if (/CrOS/.test(ua)) return { osCode: 'COS', osName: 'Chrome OS', osVersion: '' };
  if (/Linux/.test(ua)) return { osCode: 'LIN', osName: 'GNU/Linux', osVersion: '' };
  return { osCode: '', osName: '', osVersion: '' };
}

/**
 * Browsers in the order they are told apart (Edge, Samsung's and Opera's also say Chrome, and
 * Chrome says Safari): pattern, code, name, engine, and the code and name on a phone or tablet
 * where those differ.
 */
const CLIENTS: [RegExp, string, string, string, [string, string]?][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'PS', 'Microsoft Edge', 'Blink'],
  [/SamsungBrowser\/([\d.]+)/, 'SB', 'Samsung Browser', 'Blink'],
  [/OPR\/([\d.]+)/, 'OP', 'Opera', 'Blink'],
  [/(?:Firefox|FxiOS)\/([\d.]+)/, 'FF', 'Firefox', 'Gecko'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'CH', 'Chrome', 'Blink', ['CM', 'Chrome Mobile']],
  [/Version\/([\d.]+).*Safari/, 'SF', 'Safari', 'WebKit', ['MF', 'Mobile Safari']],
];

function readClient(
  ua: string,
  mobile: boolean,
): Pick<DeviceInfo, 'clientCode' | 'clientName' | 'clientVersion' | 'clientEngine'> {
  for (const [pattern, code, name, clientEngine, onMobile] of CLIENTS) {
    const m = pattern.exec(ua);
    if (!m) continue;
    const [clientCode, clientName] = mobile && onMobile ? onMobile : [code, name];
    return { clientCode, clientName, clientVersion: majorMinor(m[1]), clientEngine };
  }
  return { clientCode: '', clientName: '', clientVersion: '', clientEngine: '' };
}

export function readUserAgent(ua: string | undefined): DeviceInfo {
  if (!ua) return { ...EMPTY };
  const os = readOs(ua);
  const tablet = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua));
  const phone = !tablet && /Mobile|iPhone|Android/.test(ua);
  const client = readClient(ua, phone || tablet);
  const isBrowser = client.clientCode !== '';
  return {
    ...EMPTY,
    ...os,
    ...client,
    clientType: isBrowser ? 'browser' : '',
    deviceName: tablet ? 'tablet' : phone ? 'smartphone' : os.osCode ? 'desktop' : '',
    deviceBrand: /iPhone|iPad|Macintosh/.test(ua) ? 'Apple' : '',
    deviceModel: /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : '',
  };
}
