/**
 * A small User-Agent reader for the session and log models (docs/protocol.md §4.2). It knows the
 * browsers and systems this shop's customers use and answers '' for anything else, using Matomo
 * DeviceDetector's short codes where it names something.
 */
export interface DeviceInfo {
  osCode: string;
  osName: string;
  osVersion: string;
  clientType: string;
  clientCode: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  clientEngineVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
}

const EMPTY: DeviceInfo = {
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

function readClient(
  ua: string,
  mobile: boolean,
): Pick<DeviceInfo, 'clientCode' | 'clientName' | 'clientVersion' | 'clientEngine'> {
  let m: RegExpExecArray | null;
  if ((m = /Edg(?:e|A|iOS)?\/([\d.]+)/.exec(ua)))
    return {
      clientCode: 'PS',
      clientName: 'Microsoft Edge',
      clientVersion: majorMinor(m[1]),
      clientEngine: 'Blink',
    };
  if ((m = /SamsungBrowser\/([\d.]+)/.exec(ua)))
    return {
      clientCode: 'SB',
      clientName: 'Samsung Browser',
      clientVersion: majorMinor(m[1]),
      clientEngine: 'Blink',
    };
  if ((m = /OPR\/([\d.]+)/.exec(ua)))
    return {
      clientCode: 'OP',
      clientName: 'Opera',
      clientVersion: majorMinor(m[1]),
      clientEngine: 'Blink',
    };
  if ((m = /(?:Firefox|FxiOS)\/([\d.]+)/.exec(ua)))
    return {
      clientCode: 'FF',
      clientName: 'Firefox',
      clientVersion: majorMinor(m[1]),
      clientEngine: 'Gecko',
    };
  if ((m = /(?:Chrome|CriOS)\/([\d.]+)/.exec(ua)))
    return mobile
      ? {
          clientCode: 'CM',
          clientName: 'Chrome Mobile',
          clientVersion: majorMinor(m[1]),
          clientEngine: 'Blink',
        }
      : {
          clientCode: 'CH',
          clientName: 'Chrome',
          clientVersion: majorMinor(m[1]),
          clientEngine: 'Blink',
        };
  if ((m = /Version\/([\d.]+).*Safari/.exec(ua)))
    return mobile
      ? {
          clientCode: 'MF',
          clientName: 'Mobile Safari',
          clientVersion: majorMinor(m[1]),
          clientEngine: 'WebKit',
        }
      : {
          clientCode: 'SF',
          clientName: 'Safari',
          clientVersion: majorMinor(m[1]),
          clientEngine: 'WebKit',
        };
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
