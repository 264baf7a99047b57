package server

import (
	"context"
	"time"

	"bookshop/internal/files"
	"bookshop/internal/orders"
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

// libraryFiles joins the account's live download grants to its purchases.
// A grant without a live purchase (given otherwise) keeps its own name.
func libraryFiles(downloads *files.Service, shop *orders.Service) func(ctx context.Context, userID string) (any, error) {
	return func(ctx context.Context, userID string) (any, error) {
		grants, err := downloads.ListForUser(ctx, userID)
		if err != nil {
			return nil, err
		}
		bought, err := shop.Purchases(ctx, userID)
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
}
