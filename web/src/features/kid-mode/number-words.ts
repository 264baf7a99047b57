// No imports: the end-to-end journey reads the gate's question with this module too.

const ones = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/** A whole number from 0 to 999 in American English words: 647 is "six hundred forty-seven". */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new RangeError(`numberInWords: ${n} is not a whole number from 0 to 999`)
  if (n < 20) return ones[n]
  if (n < 100) return n % 10 === 0 ? tens[n / 10] : `${tens[Math.floor(n / 10)]}-${ones[n % 10]}`
  const rest = n % 100
  const hundreds = `${ones[Math.floor(n / 100)]} hundred`
  return rest === 0 ? hundreds : `${hundreds} ${numberInWords(rest)}`
}
