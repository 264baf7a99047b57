package catalog

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The back office's list of books: search, filters, sort and pages, in SQL
// over every book in any status.

// BookList is GET /api/admin/books's response.
type BookList struct {
	Books []*AdminBook `json:"books"`
	Total int          `json:"total"`
}

// listQuery is a parsed GET /api/admin/books.
type listQuery struct {
	where   []string
	args    []any
	orderBy string
	limit   int
	offset  int
}

// sorts are the orders the list offers, by the sort parameter. An untracked
// stock sorts after every number either way; ties go by id.
var sorts = map[string]string{
	"title":       "LOWER(title), id",
	"-title":      "LOWER(title) DESC, id",
	"priceCents":  "price_cents, id",
	"-priceCents": "price_cents DESC, id",
	"updatedAt":   "updated_at, id",
	"-updatedAt":  "updated_at DESC, id DESC",
	"stock":       "(stock IS NULL), stock, id",
	"-stock":      "(stock IS NULL), stock DESC, id",
}

// stockFilters select by stock: tracked or not, out (tracked, none left),
// low (tracked, 1 to LowStock left).
var stockFilters = map[string]string{
	"tracked":   "stock IS NOT NULL",
	"untracked": "stock IS NULL",
	"out":       "stock = 0",
	"low":       "stock > 0 AND stock <= " + strconv.Itoa(LowStock),
}

func parseList(v url.Values) (listQuery, error) {
	q := listQuery{where: []string{"1 = 1"}}
	fields := map[string]string{}
	if text := searchText(v, fields); text != "" {
		like := db.LikeContaining(strings.ToLower(text))
		q.where = append(q.where, `(LOWER(title) LIKE ? ESCAPE '\' OR LOWER(author) LIKE ? ESCAPE '\' OR isbn LIKE ? ESCAPE '\' OR slug LIKE ? ESCAPE '\')`)
		q.args = append(q.args, like, like, like, like)
	}
	if c := v.Get("category"); c != "" {
		q.where = append(q.where, "category_id = ?")
		q.args = append(q.args, c)
	}
	if st := v.Get("status"); st != "" {
		if !slices.Contains(Statuses, st) {
			fields["status"] = "draft, published or archived"
		}
		q.where = append(q.where, "status = ?")
		q.args = append(q.args, st)
	}
	if st := v.Get("stock"); st != "" {
		cond, ok := stockFilters[st]
		if !ok {
			fields["stock"] = "tracked, untracked, out or low"
		}
		q.where = append(q.where, cond)
	}
	sort := v.Get("sort")
	if sort == "" {
		sort = "title"
	}
	var ok bool
	if q.orderBy, ok = sorts[sort]; !ok {
		fields["sort"] = "title, priceCents, updatedAt or stock, each with - for descending"
	}
	var page int
	page, q.limit = pageParams(v, defaultPerPage, fields)
	if len(fields) > 0 {
		return listQuery{}, httpx.Invalid("The list's filters are not valid.", fields)
	}
	q.offset = (page - 1) * q.limit
	return q, nil
}

func listBooks(ctx context.Context, d db.Querier, q listQuery) (BookList, error) {
	where := strings.Join(q.where, " AND ")
	list := BookList{Books: []*AdminBook{}}
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM books WHERE `+where, q.args...).Scan(&list.Total); err != nil {
		return BookList{}, fmt.Errorf("catalog: count books: %w", err)
	}
	rows, err := d.QueryContext(ctx, `SELECT `+bookColumns+` FROM books WHERE `+where+` ORDER BY `+q.orderBy+
		` LIMIT `+strconv.Itoa(q.limit)+` OFFSET `+strconv.Itoa(q.offset), q.args...)
	if err != nil {
		return BookList{}, fmt.Errorf("catalog: list books: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		b, err := scanBook(rows)
		if err != nil {
			return BookList{}, err
		}
		list.Books = append(list.Books, b)
	}
	if err := rows.Err(); err != nil {
		return BookList{}, err
	}
	rows.Close()
	for _, b := range list.Books {
		if err := withFormats(ctx, d, []*AdminBook{b}, b.ID); err != nil {
			return BookList{}, err
		}
	}
	return list, nil
}
