package server

import (
	"context"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/files"
	"bookshop/internal/orders"
	"bookshop/internal/personal"
)

// LibraryFile is a file the family bought, as GET /api/library lists it:
// the download (internal/files) with the book and format its purchase
// (internal/orders) was for.
type LibraryFile struct {
	PurchaseID    string     `json:"purchaseId"`
	FileID        string     `json:"fileId"`
	BookID        int        `json:"bookId"`
	Title         string     `json:"title"`
	Format        string     `json:"format"`
	Kind          files.Kind `json:"kind"`
	Name          string     `json:"name"`
	Size          int64      `json:"size"`
	ContentType   string     `json:"contentType"`
	DownloadsLeft int        `json:"downloadsLeft"`
	GrantedAt     time.Time  `json:"grantedAt"`
}

// libraryFiles joins the account's live download grants to its purchases,
// with limit downloads of each file. A grant without a live purchase
// (given otherwise) keeps its own name.
func libraryFiles(ctx context.Context, q db.Querier, userID string, limit int) ([]LibraryFile, error) {
	grants, err := files.GrantsOf(ctx, q, userID, limit)
	if err != nil {
		return nil, err
	}
	bought, err := orders.PurchasesOf(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	out := make([]LibraryFile, 0, len(grants))
	for _, g := range grants {
		p := bought[g.PurchaseID]
		out = append(out, LibraryFile{PurchaseID: g.PurchaseID, FileID: g.FileID, BookID: p.BookID, Title: p.Title,
			Format: p.Format, Kind: g.Kind, Name: g.Name, Size: g.Size, ContentType: g.ContentType,
			DownloadsLeft: g.DownloadsLeft, GrantedAt: g.GrantedAt})
	}
	return out, nil
}

// libraryData is the files a family bought, as its library lists them: the
// data export's "downloads". The grants go with the account by cascade
// once orders erased the purchases. It joins two features' tables, so the
// server declares it.
func libraryData(limit int) personal.Holder {
	return personal.Holder{
		Name:    "library",
		Columns: []string{"download_grants.user_id"},
		Export: func(ctx context.Context, q db.Querier, p personal.Person) (personal.Data, error) {
			list, err := libraryFiles(ctx, q, p.UserID, limit)
			return personal.Data{"downloads": list}, err
		},
	}
}
