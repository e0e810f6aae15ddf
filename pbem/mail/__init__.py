"""Mail in and out: decoding received messages, cutting replies, classifying what arrived."""
