// The few parts of dns2 2.1.0 (which ships no types) that test/support/dns-server.ts uses.
declare module 'dns2' {
  import type { Server as TcpServer, Socket } from 'node:net';
  import type { Socket as UdpSocket, RemoteInfo } from 'node:dgram';

  interface Question {
    name: string;
    type: number;
    class: number;
  }
  interface Resource {
    name: string;
    type: number;
    class: number;
    ttl: number;
    [data: string]: unknown;
  }
  interface Packet {
    header: { id: number; qr: number; aa: number; tc: number; rd: number; ra: number; rcode: number };
    questions: Question[];
    answers: Resource[];
    authorities: Resource[];
    additionals: Resource[];
    toBuffer(): Buffer;
  }
  type Send = (response: Packet | Buffer) => unknown;
  interface UdpDnsServer extends UdpSocket {
    listen(port: number, address: string): Promise<void>;
  }
  const dns2: {
    Packet: {
      TYPE: Record<'A' | 'NS' | 'CNAME' | 'SOA' | 'MX' | 'TXT' | 'AAAA' | 'ANY', number>;
      CLASS: Record<'IN' | 'ANY', number>;
      createResponseFromRequest(request: Packet): Packet;
    };
    createUDPServer(options: { type: 'udp4' | 'udp6' }): UdpDnsServer;
    createTCPServer(): TcpServer;
  };
  export type { Packet, Question, Resource, Send, RemoteInfo, Socket };
  export default dns2;
}
