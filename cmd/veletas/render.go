package main

import "errors"

func (m *Main) render(args []string) error {
	return errors.New("rendering is not available yet")
}
