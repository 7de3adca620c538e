/**
 * The bank an IFSC belongs to: its first four letters are the bank code (RBI). The common ones, so the
 * Add Bank Account form can suggest the bank name; an unknown code simply suggests nothing.
 */
const BANKS: Record<string, string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  BKID: 'Bank of India',
  IOBA: 'Indian Overseas Bank',
  IDIB: 'Indian Bank',
  CBIN: 'Central Bank of India',
  UCBA: 'UCO Bank',
  MAHB: 'Bank of Maharashtra',
  PSIB: 'Punjab & Sind Bank',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
  IDFB: 'IDFC First Bank',
  FDRL: 'Federal Bank',
  KARB: 'Karnataka Bank',
  KVBL: 'Karur Vysya Bank',
  SIBL: 'South Indian Bank',
  TMBL: 'Tamilnad Mercantile Bank',
  CIUB: 'City Union Bank',
  RATN: 'RBL Bank',
  DCBL: 'DCB Bank',
  DLXB: 'Dhanlaxmi Bank',
  JAKA: 'Jammu & Kashmir Bank',
  AUBL: 'AU Small Finance Bank',
  ESFB: 'Equitas Small Finance Bank',
  UJVN: 'Ujjivan Small Finance Bank',
  AIRP: 'Airtel Payments Bank',
  PYTM: 'Paytm Payments Bank',
  IPOS: 'India Post Payments Bank',
  FINO: 'Fino Payments Bank',
  BDBL: 'Bandhan Bank',
  HSBC: 'HSBC',
  SCBL: 'Standard Chartered Bank',
  CITI: 'Citibank',
  DBSS: 'DBS Bank India',
};

export function bankNameForIfsc(ifsc: string): string | null {
  return BANKS[ifsc.slice(0, 4).toUpperCase()] ?? null;
}
