package apitest

import (
	"testing"
)

// A scenario that gets a body must look into it, as PocketBase's
// tests.ApiScenario insists.
func TestABodyMustBeChecked(t *testing.T) {
	body := func() *Response { return &Response{Status: 200, Body: `{"name":"Mia"}`} }
	if !(Scenario{}).leavesBodyUnchecked(body()) {
		t.Error("a scenario that checks nothing in a body passed")
	}
	if (Scenario{}).leavesBodyUnchecked(&Response{Status: 204}) {
		t.Error("a response without a body needs no check, but one was asked for")
	}
	for name, s := range map[string]Scenario{
		"ExpectedContent":    {ExpectedContent: []string{`"name":"Mia"`}},
		"NotExpectedContent": {NotExpectedContent: []string{"password"}},
	} {
		if s.leavesBodyUnchecked(body()) {
			t.Errorf("a scenario with %s counted as not checking the body", name)
		}
	}
	decoded := body()
	decoded.JSON(t)
	if (Scenario{}).leavesBodyUnchecked(decoded) {
		t.Error("an AfterTest that decoded the body counted as not checking it")
	}
}
