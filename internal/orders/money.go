package orders

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Currency is the only currency the shop sells in.
const Currency = "USD"

// TaxCents is 10 % of a subtotal, rounded half-up to the cent.
func TaxCents(subtotalCents int64) int64 { return (subtotalCents + 5) / 10 }

// percent writes a rate in basis points as a percentage: 1000 -> "10%",
// 825 -> "8.25%", 850 -> "8.5%".
func percent(bp int64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%d.%02d", bp/100, bp%100), "0"), ".") + "%"
}

// FormatCents writes cents as a decimal dollar string, e.g. 1499 -> "14.99",
// the format PayPal expects.
func FormatCents(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// dollars is cents as a JSON number of dollars, for display.
func dollars(c int64) json.Number { return json.Number(FormatCents(c)) }

// maxCents bounds any amount read from a request (one million dollars), so
// arithmetic on it can never overflow.
const maxCents = 100_000_000

// ParseCents reads a decimal dollar amount sent by the browser, rounding
// half-up to the cent: browsers add prices in floating point, so 3 × 14.99
// arrives as 44.970000000000006 and must still mean 4497 cents.
func ParseCents(n json.Number) (int64, bool) {
	s := strings.TrimSpace(string(n))
	if s == "" || len(s) > 40 {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || r.Sign() < 0 {
		return 0, false
	}
	r.Mul(r, big.NewRat(100, 1))
	r.Add(r, big.NewRat(1, 2))
	q := new(big.Int).Quo(r.Num(), r.Denom()) // floor, as r is not negative
	if !q.IsInt64() || q.Int64() > maxCents {
		return 0, false
	}
	return q.Int64(), true
}

// parseQuantity reads a whole, positive quantity of at most maxQuantity.
func parseQuantity(n json.Number) (int, bool) {
	q, err := strconv.Atoi(strings.TrimSpace(string(n)))
	if err != nil {
		// 2.0 is a whole number too.
		f, ferr := strconv.ParseFloat(string(n), 64)
		if ferr != nil || f != float64(int(f)) {
			return 0, false
		}
		q = int(f)
	}
	return q, q >= 1 && q <= maxQuantity
}
